#version 100
precision mediump float;
uniform sampler2D u_y;
uniform sampler2D u_u;
uniform sampler2D u_v;
varying vec2 v_uv;

void main()
{
    float y = 1.1643 * (texture2D(u_y, v_uv).r - 0.0625);
    float u = texture2D(u_u, v_uv).r - 0.5;
    float v = texture2D(u_v, v_uv).r - 0.5;
    gl_FragColor = vec4(y + 1.5958 * v, y - 0.39173 * u - 0.81290 * v, y + 2.017 * u, 1.0);
}
