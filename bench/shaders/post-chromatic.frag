#version 100
precision mediump float;
uniform sampler2D Image;
uniform float Strength;
varying vec2 uv;

void main()
{
    vec2 d = uv - 0.5;
    float r2 = dot(d, d);
    vec2 off = d * r2 * Strength;
    float r = texture2D(Image, uv + off).r;
    float g = texture2D(Image, uv).g;
    float b = texture2D(Image, uv - off).b;
    gl_FragColor = vec4(r, g, b, 1.0);
}
