#version 100
attribute vec2 grid;
uniform mat4 u_mvp;
uniform float u_time;
uniform vec4 u_wave[4];   // xy: direction, z: frequency, w: amplitude
varying vec3 v_normal;
varying float v_height;

void main()
{
    float h = 0.0;
    vec2 slope = vec2(0.0);
    for (int i = 0; i < 4; i++) {
        float phase = dot(u_wave[i].xy, grid) * u_wave[i].z + u_time * (1.0 + float(i) * 0.3);
        h += u_wave[i].w * sin(phase);
        slope += u_wave[i].w * u_wave[i].z * cos(phase) * u_wave[i].xy;
    }
    v_normal = normalize(vec3(-slope.x, 1.0, -slope.y));
    v_height = h;
    gl_Position = u_mvp * vec4(grid.x, h, grid.y, 1.0);
}
