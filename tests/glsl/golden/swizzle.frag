// Swizzles read with `swizzle`/`extract` and written by rebuilding the vector.
precision mediump float;
uniform vec4 u;
void main() {
	vec4 c = u.wzyx;
	c.xz = u.yy;
	c.w = c.r;
	gl_FragColor = c.abgr;
}
