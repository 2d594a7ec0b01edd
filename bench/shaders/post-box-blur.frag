#version 100
precision mediump float;
uniform sampler2D Image;
uniform vec2 TexelSize;
varying vec2 uv;

void main()
{
    vec4 sum = vec4(0.0);
    for (int y = -2; y <= 2; y++) {
        for (int x = -2; x <= 2; x++)
            sum += texture2D(Image, uv + vec2(float(x), float(y)) * TexelSize);
    }
    gl_FragColor = sum / 25.0;
}
