// textured.vert: positions already in clip space, a texture coordinate each.
attribute vec4 pos;
attribute vec2 uv;
varying vec2 v_uv;

void main()
{
	gl_Position = pos;
	v_uv = uv;
}
