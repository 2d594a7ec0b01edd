#version 100
attribute vec3 position;
uniform mat4 u_view_rotation_projection;
varying vec3 v_dir;

void main()
{
    v_dir = position;
    vec4 p = u_view_rotation_projection * vec4(position, 1.0);
    gl_Position = p.xyww;
}
