#version 100
precision mediump float;
varying vec4 dummy;

float process(float d)
{
    d = fract(3.0 * d) * 0.9;
    return d;
}

void main(void)
{
    float d = fract(gl_FragCoord.x * gl_FragCoord.y * 0.0001);
    d = process(d);
    d = process(d);
    d = process(d);
    d = process(d);
    d = process(d);
    gl_FragColor = vec4(d, d, d, 1.0) + dummy * 0.0;
}
