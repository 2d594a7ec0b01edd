#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec4 color;
uniform mat4 u_mvp;
uniform mat3 u_normal_matrix;
uniform vec3 u_sky_dir;
uniform vec3 u_sky_color;
uniform vec3 u_ground_color;
varying vec4 v_color;

void main()
{
    vec3 n = normalize(u_normal_matrix * normal);
    float k = 0.5 + 0.5 * dot(n, u_sky_dir);
    v_color = vec4(color.rgb * mix(u_ground_color, u_sky_color, k), color.a);
    gl_Position = u_mvp * vec4(position, 1.0);
}
