#version 100
precision mediump float;
uniform sampler2D Scene;
uniform float Threshold;
uniform float Knee;
varying vec2 uv;

void main()
{
    vec3 c = texture2D(Scene, uv).rgb;
    float br = max(c.r, max(c.g, c.b));
    float soft = clamp(br - Threshold + Knee, 0.0, 2.0 * Knee);
    soft = soft * soft / (4.0 * Knee + 0.00001);
    float contrib = max(soft, br - Threshold) / max(br, 0.00001);
    gl_FragColor = vec4(c * contrib, 1.0);
}
