#version 100
precision mediump float;
uniform sampler2D Image;
uniform vec2 TexelSize;
varying vec2 uv;

void main()
{
    // A small FXAA-like filter: luma of 5 taps, blur along the edge.
    vec3 luma = vec3(0.299, 0.587, 0.114);
    vec3 rgbM = texture2D(Image, uv).rgb;
    float lNW = dot(texture2D(Image, uv + vec2(-1.0, -1.0) * TexelSize).rgb, luma);
    float lNE = dot(texture2D(Image, uv + vec2(1.0, -1.0) * TexelSize).rgb, luma);
    float lSW = dot(texture2D(Image, uv + vec2(-1.0, 1.0) * TexelSize).rgb, luma);
    float lSE = dot(texture2D(Image, uv + vec2(1.0, 1.0) * TexelSize).rgb, luma);
    float lM = dot(rgbM, luma);
    float lMin = min(lM, min(min(lNW, lNE), min(lSW, lSE)));
    float lMax = max(lM, max(max(lNW, lNE), max(lSW, lSE)));
    vec2 dir = vec2(-((lNW + lNE) - (lSW + lSE)), (lNW + lSW) - (lNE + lSE));
    float reduce = max((lNW + lNE + lSW + lSE) * 0.03125, 1.0 / 128.0);
    float rcp = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
    dir = clamp(dir * rcp, -8.0, 8.0) * TexelSize;
    vec3 a = 0.5 * (texture2D(Image, uv - dir * 0.1667).rgb +
                    texture2D(Image, uv + dir * 0.1667).rgb);
    vec3 b = a * 0.5 + 0.25 * (texture2D(Image, uv - dir * 0.5).rgb +
                               texture2D(Image, uv + dir * 0.5).rgb);
    float lB = dot(b, luma);
    gl_FragColor = vec4((lB < lMin || lB > lMax) ? a : b, 1.0);
}
