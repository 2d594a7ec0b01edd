// mvp_uv.vert: a textured mesh transformed by one model-view-projection matrix.
attribute vec4 pos;
attribute vec2 uv;
uniform mat4 mvp;
varying vec2 v_uv;

void main()
{
	gl_Position = mvp * pos;
	v_uv = uv;
}
