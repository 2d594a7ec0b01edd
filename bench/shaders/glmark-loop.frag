#version 100
precision mediump float;
uniform int FragmentLoops;
varying vec4 dummy;

void main(void)
{
    float d = fract(gl_FragCoord.x * gl_FragCoord.y * 0.0001);
    for (int i = 0; i < 64; i++) {
        if (i >= FragmentLoops)
            break;
        d = fract(3.0 * d);
    }
    gl_FragColor = vec4(d, d, d, 1.0) * dummy;
}
