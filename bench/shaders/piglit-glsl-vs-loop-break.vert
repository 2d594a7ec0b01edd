#version 100
attribute vec4 piglit_vertex;
varying vec4 color;
uniform int iters;
uniform int target;
void main()
{
	gl_Position = piglit_vertex;

	for (int i = 0; i < iters; i++) {
		if (i > target) {
			color = vec4(0.0, 1.0, 0.0, 0.0);
			break;
		}
		color = vec4(1.0, 0.0, 0.0, 0.0);
	}
}

