// for with continue runs its step at the top of the next iteration behind a
// "first" flag (a bound from a uniform: not unrolled); while/do test their
// condition with a break. The loop with a known trip count is unrolled.
precision mediump float;
uniform float lim;
uniform int n;
void main() {
	float s = 0.0;
	for (int i = 0; i < n; i++) {
		if (i == 1)
			continue;
		s += float(i);
	}
	for (int j = 3; j > 0; j--)
		s *= 0.5;
	while (s < lim)
		s += 1.0;
	do {
		s -= 0.25;
	} while (s > lim);
	gl_FragColor = vec4(s);
}
