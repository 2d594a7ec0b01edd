// colour.vert: positions already in clip space, a colour per vertex.
attribute vec4 pos;
attribute vec4 colour;
varying vec4 v_colour;

void main()
{
	gl_Position = pos;
	v_colour = colour;
}
