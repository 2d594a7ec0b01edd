// texture2D and texture2DProj, with and without bias.
precision mediump float;
uniform sampler2D tex;
varying vec4 uv;
void main() {
	vec4 a = texture2D(tex, uv.xy) + texture2D(tex, uv.xy, -1.0);
	vec4 b = texture2DProj(tex, uv) + texture2DProj(tex, uv.xyz, 0.5);
	gl_FragColor = a * b;
}
