#version 100
precision mediump float;
uniform sampler2D Texture0;
uniform vec2 TextureStepSize;
varying vec2 TextureCoord;

void main(void)
{
    vec2 s = TextureStepSize;
    vec4 sum = vec4(0.0);
    sum += texture2D(Texture0, TextureCoord + vec2(-s.x, -s.y)) * 1.0;
    sum += texture2D(Texture0, TextureCoord + vec2(0.0, -s.y)) * 2.0;
    sum += texture2D(Texture0, TextureCoord + vec2(s.x, -s.y)) * 1.0;
    sum += texture2D(Texture0, TextureCoord + vec2(-s.x, 0.0)) * 2.0;
    sum += texture2D(Texture0, TextureCoord) * 4.0;
    sum += texture2D(Texture0, TextureCoord + vec2(s.x, 0.0)) * 2.0;
    sum += texture2D(Texture0, TextureCoord + vec2(-s.x, s.y)) * 1.0;
    sum += texture2D(Texture0, TextureCoord + vec2(0.0, s.y)) * 2.0;
    sum += texture2D(Texture0, TextureCoord + vec2(s.x, s.y)) * 1.0;
    gl_FragColor = sum / 16.0;
}
