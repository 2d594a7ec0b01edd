#version 100
attribute vec4 piglit_vertex;
varying vec4 pos;
void main()
{
	gl_Position = piglit_vertex;
	pos = piglit_vertex;
}

