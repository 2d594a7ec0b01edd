// mvp.vert: a coloured mesh transformed by one model-view-projection matrix.
attribute vec4 pos;
attribute vec4 colour;
uniform mat4 mvp;
varying vec4 v_colour;

void main()
{
	gl_Position = mvp * pos;
	v_colour = colour;
}
