// for loops outside Appendix A's form are general loops (as in Mesa): a
// bound from a uniform, an index declared before the loop, two
// declarators, a body that assigns the index.
precision mediump float;
uniform int n;
void main() {
	float s = 0.0;
	int i;
	for (i = 0; i < n; i++)
		s += 1.0;
	for (int j = 0, k = 10; j < k; j++) {
		s += float(j);
		j += 2;
	}
	gl_FragColor = vec4(s, float(i), 0.0, 1.0);
}
