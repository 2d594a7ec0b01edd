#version 100
precision mediump float;
uniform float iTime;
uniform vec2 iCenter;
uniform sampler2D iChannel0;
varying vec2 uv;

void main()
{
    vec2 d = uv - iCenter;
    float r = length(d);
    float wave = sin(r * 40.0 - iTime * 6.0) * exp(-r * 4.0) * 0.02;
    vec2 dir = r > 0.0001 ? d / r : vec2(0.0);
    vec4 col = texture2D(iChannel0, uv + dir * wave);
    col.rgb += vec3(wave * 8.0);
    gl_FragColor = col;
}
