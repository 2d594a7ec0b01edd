#version 100
precision mediump float;
uniform sampler2D Image;
uniform vec2 TexelSize;
uniform float Amount;
varying vec2 uv;

void main()
{
    vec4 c = texture2D(Image, uv);
    vec4 n = texture2D(Image, uv + vec2(0.0, TexelSize.y));
    vec4 s = texture2D(Image, uv - vec2(0.0, TexelSize.y));
    vec4 e = texture2D(Image, uv + vec2(TexelSize.x, 0.0));
    vec4 w = texture2D(Image, uv - vec2(TexelSize.x, 0.0));
    gl_FragColor = clamp(c + (4.0 * c - n - s - e - w) * Amount, 0.0, 1.0);
}
