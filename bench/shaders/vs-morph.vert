#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec3 target0_position;
attribute vec3 target0_normal;
attribute vec3 target1_position;
attribute vec3 target1_normal;
uniform vec2 u_weights;
uniform mat4 u_mvp;
uniform mat3 u_normal_matrix;
varying vec3 v_normal;

void main()
{
    vec3 p = position + u_weights.x * (target0_position - position) +
             u_weights.y * (target1_position - position);
    vec3 n = normal + u_weights.x * (target0_normal - normal) +
             u_weights.y * (target1_normal - normal);
    v_normal = u_normal_matrix * n;
    gl_Position = u_mvp * vec4(p, 1.0);
}
