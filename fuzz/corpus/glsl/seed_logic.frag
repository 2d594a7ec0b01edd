// && and || are and/or unless the right side has side effects (then an if);
// ?: is a select, ^^ an xor, == on vectors an and of the lanes.
precision mediump float;
uniform vec2 u;
void main() {
	float n = 0.0;
	bool a = u.x > 0.0 && u.y > 0.0;
	bool b = u.x > 1.0 || (n += 1.0) > 0.5;
	bool c = a ^^ b;
	bool d = u == vec2(1.0, 2.0);
	gl_FragColor = vec4(a ? 1.0 : 0.0, float(b), float(c), float(d) + n);
}
