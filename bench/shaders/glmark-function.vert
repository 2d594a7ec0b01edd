#version 100
attribute vec3 position;
uniform mat4 ModelViewProjectionMatrix;
varying vec4 dummy;

float process(float d)
{
    d = fract(3.0 * d) * 0.9;
    return d;
}

void main(void)
{
    float d = process(fract(position.x * 7.0));
    d = process(d);
    d = process(d);
    dummy = vec4(d);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
