#version 100
precision mediump float;
uniform sampler2D Sharp;
uniform sampler2D Blurred;
uniform sampler2D Depth;
uniform float FocusDistance;
uniform float FocusRange;
uniform vec2 ClipPlanes;
varying vec2 uv;

void main()
{
    float z = texture2D(Depth, uv).r * 2.0 - 1.0;
    float near = ClipPlanes.x, far = ClipPlanes.y;
    float dist = 2.0 * near * far / (far + near - z * (far - near));
    float coc = clamp(abs(dist - FocusDistance) / FocusRange, 0.0, 1.0);
    vec4 sharp = texture2D(Sharp, uv);
    vec4 blurred = texture2D(Blurred, uv);
    gl_FragColor = mix(sharp, blurred, coc);
}
