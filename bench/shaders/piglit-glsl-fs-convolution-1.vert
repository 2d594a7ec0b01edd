#version 100
attribute vec4 piglit_vertex;
varying vec4 texcoords;

void main()
{
	gl_Position = piglit_vertex;
	texcoords = (piglit_vertex + 1.0) / 2.0;
}

