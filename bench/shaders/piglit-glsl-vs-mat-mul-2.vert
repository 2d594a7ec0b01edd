#version 100
attribute vec4 piglit_vertex;
uniform vec4 arg0;
varying mat4 mat;

void main()
{
	/* Like glsl-vs-mat-mul-1.shader_test, but put the result in a
	 * varying so that we don't reassociate the matrix
	 * multiplication to produce two mat * vecs instead of mat *
	 * mat and mat * vec.
	 */
	gl_Position = piglit_vertex;

	mat4 scale = mat4(arg0.x);
	mat4 rot = mat4(0.0,    arg0.y, 0.0, 0.0,
			arg0.z, 0.0,    0.0, 0.0,
			0.0,    0.0,    1.0, 0.0,
			0.0,    0.0,    0.0, 1.0);

	mat = rot * scale;
}

