// Matrices are column vectors: mat * vec is a multiply-add chain over the
// columns, vec * mat dot products, mat * mat one chain per column.
attribute vec4 pos;
attribute mat2 am;
uniform mat4 mvp;
uniform mat3 nm;
varying vec3 n;
void main() {
	gl_Position = mvp * pos;
	n = pos.xyz * nm;
	mat2 sq = am * am;
	n.xy += sq[1];
}
