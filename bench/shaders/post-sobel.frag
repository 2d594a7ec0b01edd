#version 100
precision mediump float;
uniform sampler2D Image;
uniform vec2 TexelSize;
varying vec2 uv;

float lum(vec2 o)
{
    return dot(texture2D(Image, uv + o * TexelSize).rgb, vec3(0.299, 0.587, 0.114));
}

void main()
{
    float tl = lum(vec2(-1.0, 1.0)), t = lum(vec2(0.0, 1.0)), tr = lum(vec2(1.0, 1.0));
    float l = lum(vec2(-1.0, 0.0)), r = lum(vec2(1.0, 0.0));
    float bl = lum(vec2(-1.0, -1.0)), b = lum(vec2(0.0, -1.0)), br = lum(vec2(1.0, -1.0));
    float gx = -tl - 2.0 * l - bl + tr + 2.0 * r + br;
    float gy = -tl - 2.0 * t - tr + bl + 2.0 * b + br;
    float g = sqrt(gx * gx + gy * gy);
    gl_FragColor = vec4(vec3(1.0 - smoothstep(0.2, 0.6, g)), 1.0);
}
