#version 100
// Per-vertex lit gear, in the style of Mesa demos' es2gears.
attribute vec3 position;
attribute vec3 normal;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 NormalMatrix;
uniform vec4 LightSourcePosition;
uniform vec4 MaterialColor;
varying vec4 Color;

void main(void)
{
    vec3 N = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    float diffuse = max(dot(N, normalize(LightSourcePosition.xyz)), 0.0);
    Color = vec4(0.2 * MaterialColor.rgb + diffuse * MaterialColor.rgb, MaterialColor.a);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
