// phong.vert: eye-space position and normal for per-fragment lighting.
attribute vec4 pos;
attribute vec3 normal;
uniform mat4 mvp;
uniform mat4 mv;
varying vec3 v_pos;
varying vec3 v_normal;

void main()
{
	gl_Position = mvp * pos;
	v_pos = (mv * pos).xyz;
	v_normal = (mv * vec4(normal, 0.0)).xyz;
}
