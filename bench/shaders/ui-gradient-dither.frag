#version 100
precision mediump float;
uniform vec4 u_from;
uniform vec4 u_to;
uniform vec2 u_dir;
varying vec2 v_pos;

void main()
{
    float t = clamp(dot(v_pos, u_dir), 0.0, 1.0);
    vec2 p = floor(mod(gl_FragCoord.xy, 4.0));
    float bayer = mod(p.x * 2.0 + p.y * 3.0, 4.0) / 4.0 + mod(p.y, 2.0) / 8.0;
    vec4 col = mix(u_from, u_to, t);
    gl_FragColor = col + (bayer - 0.5) / 255.0;
}
