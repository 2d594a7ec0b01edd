#version 100
attribute vec4 piglit_vertex;
void main()
{
	gl_Position = piglit_vertex;
}
