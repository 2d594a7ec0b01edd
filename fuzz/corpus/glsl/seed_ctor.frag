// Constructors: splat, whole-vector conversion, components from several
// arguments, a scalar from a vector, diagonal and column matrices.
precision mediump float;
uniform ivec3 iv;
uniform vec2 p;
void main() {
	vec3 a = vec3(iv);
	vec4 b = vec4(p, a.z, 1.0);
	bvec2 c = bvec2(p);
	float d = float(iv);
	mat2 m = mat2(2.0);
	mat2 n = mat2(b);
	gl_FragColor = vec4(m * p + n[1], float(c.y) + d, b.w);
}
