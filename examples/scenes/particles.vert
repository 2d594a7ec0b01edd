// particles.vert: a fountain. Each particle's seed is (vx, vy, phase, size):
// its age cycles 0..1 every 2 s; it flies out and falls under gravity,
// shrinks, turns red and fades as it ages.
attribute vec4 seed;
attribute vec4 colour;
uniform float time;
uniform float scale;
uniform float aspect;
varying vec4 v_colour;

void main()
{
	float age = fract(time * 0.5 + seed.z);
	float x = seed.x * age * aspect;
	float y = seed.y * age - age * age * 2.2 - 0.9;
	gl_Position = vec4(x, y, 0.0, 1.0);
	gl_PointSize = seed.w * scale * (1.0 - age * 0.6);
	vec4 mixed = mix(colour, vec4(1.0, 0.25, 0.1, 1.0), age);
	v_colour = vec4(mixed.rgb, (1.0 - age) * colour.a);
}
