#version 100
precision mediump float;
uniform sampler2D Texture0;
uniform vec2 TextureStepSize;
varying vec2 TextureCoord;

void main(void)
{
    vec2 s = TextureStepSize;
    vec4 c = texture2D(Texture0, TextureCoord) * 8.0;
    c -= texture2D(Texture0, TextureCoord + vec2(-s.x, -s.y));
    c -= texture2D(Texture0, TextureCoord + vec2(0.0, -s.y));
    c -= texture2D(Texture0, TextureCoord + vec2(s.x, -s.y));
    c -= texture2D(Texture0, TextureCoord + vec2(-s.x, 0.0));
    c -= texture2D(Texture0, TextureCoord + vec2(s.x, 0.0));
    c -= texture2D(Texture0, TextureCoord + vec2(-s.x, s.y));
    c -= texture2D(Texture0, TextureCoord + vec2(0.0, s.y));
    c -= texture2D(Texture0, TextureCoord + vec2(s.x, s.y));
    gl_FragColor = vec4(abs(c.rgb), 1.0);
}
