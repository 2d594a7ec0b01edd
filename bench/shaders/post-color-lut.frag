#version 100
precision mediump float;
uniform sampler2D Image;
uniform sampler2D Lut;   // 16x16x16 colour cube laid out as a 256x16 strip
uniform float Amount;
varying vec2 uv;

void main()
{
    vec4 src = texture2D(Image, uv);
    float b = src.b * 15.0;
    float b0 = floor(b);
    float b1 = min(b0 + 1.0, 15.0);
    vec2 rg = src.rg * (15.0 / 256.0) + vec2(0.5 / 256.0, 0.5 / 16.0);
    rg.y = src.g * (15.0 / 16.0) + 0.5 / 16.0;
    vec3 c0 = texture2D(Lut, vec2(rg.x + b0 / 16.0, rg.y)).rgb;
    vec3 c1 = texture2D(Lut, vec2(rg.x + b1 / 16.0, rg.y)).rgb;
    vec3 graded = mix(c0, c1, b - b0);
    gl_FragColor = vec4(mix(src.rgb, graded, Amount), src.a);
}
