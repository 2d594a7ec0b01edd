#version 100
precision mediump float;
uniform sampler2D Texture0;
uniform vec2 TextureStepSize;
varying vec2 TextureCoord;

void main(void)
{
    // 9-tap Gaussian along one axis; TextureStepSize picks the axis.
    vec4 sum = texture2D(Texture0, TextureCoord) * 0.2270270270;
    sum += texture2D(Texture0, TextureCoord + TextureStepSize * 1.0) * 0.1945945946;
    sum += texture2D(Texture0, TextureCoord - TextureStepSize * 1.0) * 0.1945945946;
    sum += texture2D(Texture0, TextureCoord + TextureStepSize * 2.0) * 0.1216216216;
    sum += texture2D(Texture0, TextureCoord - TextureStepSize * 2.0) * 0.1216216216;
    sum += texture2D(Texture0, TextureCoord + TextureStepSize * 3.0) * 0.0540540541;
    sum += texture2D(Texture0, TextureCoord - TextureStepSize * 3.0) * 0.0540540541;
    sum += texture2D(Texture0, TextureCoord + TextureStepSize * 4.0) * 0.0162162162;
    sum += texture2D(Texture0, TextureCoord - TextureStepSize * 4.0) * 0.0162162162;
    gl_FragColor = sum;
}
