// A sampler array indexed by a loop index (Appendix A): the loop is
// unrolled, so each copy samples its own element.
precision mediump float;
uniform sampler2D layers[2];
varying vec2 uv;
void main() {
	vec4 c = vec4(0.0);
	for (int i = 0; i < 2; i++)
		c += texture2D(layers[i], uv + float(i) * 0.25) * 0.5;
	gl_FragColor = c;
}
