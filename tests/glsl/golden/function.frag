// User functions are inlined: parameters are locals, out/inout copied back,
// a return before the end runs in a wrapper loop with a "returned" flag.
precision mediump float;
uniform vec2 u;
float pick(float a, out float b, inout float c) {
	b = a * 2.0;
	c += 1.0;
	for (int i = 0; i < 3; i++)
		if (float(i) > a)
			return float(i);
	return a;
}
void main() {
	float b, c = 1.0;
	float r = pick(u.x, b, c);
	gl_FragColor = vec4(r, b, c, 1.0);
}
