// A for loop with a known trip count is unrolled: the index is a constant
// in each copy (constant indexing, folded arithmetic, an if on the index
// keeps one branch). Under a condition known only at run time, break and
// continue store flags: the rest of the body runs under if (!flags), each
// later copy under if (!loop.break).
precision mediump float;
uniform vec4 w[4];
uniform float lim;
varying vec2 uv;
void main() {
	vec4 s = vec4(0.0);
	for (int i = 0; i < 4; i++) {
		if (i == 2)
			continue;
		s += w[i] * float(i + 1);
	}
	float t = 0.0;
	for (int k = 0; k < 3; k++) {
		if (t > lim)
			break;
		t += uv.x;
		if (uv.y > 0.5)
			continue;
		t += 1.0;
	}
	gl_FragColor = s + vec4(t);
}
