#version 100
precision mediump float;
uniform sampler2D Image;
varying vec2 Tex0;
varying vec4 TexA;
varying vec4 TexB;

void main()
{
    // 9-tap Gaussian with linear sampling: 5 fetches, offsets from the VS.
    vec4 c = texture2D(Image, Tex0) * 0.2270270270;
    c += texture2D(Image, TexA.xy) * 0.3162162162;
    c += texture2D(Image, TexA.zw) * 0.3162162162;
    c += texture2D(Image, TexB.xy) * 0.0702702703;
    c += texture2D(Image, TexB.zw) * 0.0702702703;
    gl_FragColor = c;
}
