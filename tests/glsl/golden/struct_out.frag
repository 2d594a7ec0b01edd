// Struct values: a constructor, an out parameter, whole-struct assignment
// and ==, and an array parameter.
precision mediump float;
struct P { vec2 a; float b; };
uniform P base;
varying vec2 uv;
void make(out P p, float x) { p = P(uv * x, x); }
float sum(float v[2]) { return v[0] + v[1]; }
void main() {
	P p;
	make(p, 0.5);
	P q = p;
	q.b = base.b;
	float v[2];
	v[0] = q.a.x;
	v[1] = q.a.y;
	gl_FragColor = vec4(q.a, sum(v), p == base ? 1.0 : 0.25);
}
