#version 100
attribute vec4 piglit_vertex;
varying vec2 tc1;
varying vec2 tc2;

void main()
{
	gl_Position = piglit_vertex;
	tc1 = (piglit_vertex.xy + 1.0) / 2.0;
	tc2 = tc1.yx;
}

