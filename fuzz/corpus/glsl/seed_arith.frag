// Scalars and vectors: scalar operands are splatted, '/' is a multiply by
// rcp, int '/' goes through float with a correction, unary minus.
precision mediump float;
uniform vec3 v;
uniform float s;
uniform ivec2 i;
void main() {
	vec3 a = v * s + 1.0;
	a /= s;
	ivec2 q = i / 3;
	gl_FragColor = vec4(-a, float(q.x));
}
