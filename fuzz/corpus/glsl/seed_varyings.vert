// Attributes are IR attributes; varyings are written through a shadow local
// copied to the IR varying at the end (GLSL may read them back), like
// gl_Position and gl_PointSize; a matrix varying is one per column.
attribute vec3 pos;
attribute vec2 uv;
varying vec2 v_uv;
varying mat2 v_m;
void main() {
	v_uv = uv;
	v_uv.y = 1.0 - v_uv.y;
	v_m = mat2(uv, uv.yx);
	gl_Position = vec4(pos, 1.0);
	gl_PointSize = 4.0;
}
