// screen.vert: a full-screen quad, positions already in clip space.
attribute vec4 pos;

void main()
{
	gl_Position = pos;
}
