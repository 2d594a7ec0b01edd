#version 100
precision mediump float;
uniform sampler2D HdrImage;
uniform float Exposure;
varying vec2 uv;

vec3 aces(vec3 x)
{
    // A fitted filmic curve (rational polynomial).
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main()
{
    vec3 hdr = texture2D(HdrImage, uv).rgb;
    vec3 col = aces(hdr * Exposure);
    col = pow(col, vec3(1.0 / 2.2));
    gl_FragColor = vec4(col, dot(col, vec3(0.299, 0.587, 0.114)));
}
