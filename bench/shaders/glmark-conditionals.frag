#version 100
precision mediump float;
varying vec4 dummy;

void main(void)
{
    float d = fract(gl_FragCoord.x * gl_FragCoord.y * 0.0001);
    if (d >= 0.5)
        d = fract(2.0 * d);
    else
        d = fract(3.0 * d);
    if (d >= 0.5)
        d = fract(2.0 * d);
    else
        d = fract(3.0 * d);
    if (d >= 0.5)
        d = fract(2.0 * d);
    else
        d = fract(3.0 * d);
    if (d >= 0.5)
        d = fract(2.0 * d);
    else
        d = fract(3.0 * d);
    gl_FragColor = vec4(d, d, d, 1.0) * dummy;
}
