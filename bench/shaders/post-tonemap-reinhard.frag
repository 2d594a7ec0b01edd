#version 100
precision mediump float;
uniform sampler2D HdrImage;
uniform float Exposure;
uniform float WhitePoint;
varying vec2 uv;

void main()
{
    vec3 hdr = texture2D(HdrImage, uv).rgb * Exposure;
    float lum = dot(hdr, vec3(0.2126, 0.7152, 0.0722));
    float mapped = lum * (1.0 + lum / (WhitePoint * WhitePoint)) / (1.0 + lum);
    vec3 col = hdr * (mapped / max(lum, 0.0001));
    gl_FragColor = vec4(pow(clamp(col, 0.0, 1.0), vec3(1.0 / 2.2)), 1.0);
}
