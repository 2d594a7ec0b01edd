#version 100
attribute vec4 piglit_vertex;
varying vec4 color;
varying float x;
varying float y;

void main()
{
	gl_Position = piglit_vertex;
	x = piglit_vertex.x;
	y = piglit_vertex.y;
}

