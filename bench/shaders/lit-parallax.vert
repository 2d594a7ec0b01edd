#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec4 tangent;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform vec3 u_light_pos;   // object space
uniform vec3 u_eye;         // object space
varying vec2 v_uv;
varying vec3 v_light_ts;
varying vec3 v_view_ts;

void main()
{
    vec3 b = cross(normal, tangent.xyz) * tangent.w;
    mat3 to_tangent = mat3(tangent.x, b.x, normal.x,
                           tangent.y, b.y, normal.y,
                           tangent.z, b.z, normal.z);
    v_light_ts = to_tangent * (u_light_pos - position);
    v_view_ts = to_tangent * (u_eye - position);
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
