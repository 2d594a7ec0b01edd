#version 100
precision mediump float;
uniform sampler2D Image;
uniform float Time;
uniform float GrainAmount;
varying vec2 uv;

void main()
{
    vec3 col = texture2D(Image, uv).rgb;
    vec2 d = uv - 0.5;
    float vignette = smoothstep(0.8, 0.25, length(d) * 1.2);
    float n = fract(sin(dot(uv * 1000.0 + Time, vec2(12.9898, 78.233))) * 43758.5453);
    col = col * vignette + (n - 0.5) * GrainAmount;
    float grey = dot(col, vec3(0.299, 0.587, 0.114));
    col = mix(vec3(grey), col, 0.85) * vec3(1.05, 1.0, 0.92);
    gl_FragColor = vec4(col, 1.0);
}
