// x * 0.0 and 0.0 * x (x a float scalar or vector without side effects) are
// 0.0 without reading x: v_dead is then never loaded (and so leaves the
// varying FIFO, docs/lowering.md); an operand with a side effect (an
// assignment) is still evaluated, and the product kept.
precision mediump float;
varying vec4 v_dead;
varying vec4 v_col;
uniform float k;
void main() {
	float n = k;
	vec4 a = v_col + v_dead * 0.0 + 0.0 * v_dead.x + k * 0.0;
	float b = (n += 1.0) * 0.0;
	gl_FragColor = a + b;
}
